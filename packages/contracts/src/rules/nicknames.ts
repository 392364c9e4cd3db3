/**
 * The nicknames Questa generates in live rooms when the host chooses them. Typed nicknames are
 * checked on the server (the live module's nickname filter), where its word list stays.
 */
const adjectives = [
  'Amber',
  'Brave',
  'Bright',
  'Calm',
  'Clever',
  'Cosmic',
  'Daring',
  'Eager',
  'Fancy',
  'Gentle',
  'Golden',
  'Happy',
  'Jolly',
  'Keen',
  'Lucky',
  'Mighty',
  'Nimble',
  'Quick',
  'Quiet',
  'Rapid',
  'Sunny',
  'Swift',
  'Witty',
  'Zesty',
];
const animals = [
  'Badger',
  'Bison',
  'Falcon',
  'Ferret',
  'Gecko',
  'Heron',
  'Ibis',
  'Koala',
  'Lemur',
  'Lynx',
  'Marten',
  'Moose',
  'Narwhal',
  'Otter',
  'Owl',
  'Panda',
  'Puffin',
  'Quokka',
  'Raven',
  'Seal',
  'Tapir',
  'Walrus',
  'Wombat',
  'Yak',
];

/** A generated nickname, e.g. "Swift Otter 12"; `random` returns numbers in [0, 1). */
export function generatedNickname(random: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  return `${pick(adjectives)} ${pick(animals)} ${1 + Math.floor(random() * 99)}`;
}
