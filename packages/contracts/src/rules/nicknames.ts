/**
 * Nicknames in live rooms: the filter that keeps offensive words off a classroom's big screen,
 * and the names Questa generates when the host chooses them. The list is short on purpose: it
 * catches what players type to get a laugh, with common letter swaps, and the host can still kick.
 */
/** Caught anywhere, even inside other letters or spelled out with spaces: they hide in nothing. */
const blockedAnywhere = [
  'asshole',
  'bastard',
  'bitch',
  'bollock',
  'cunt',
  'dildo',
  'fuck',
  'hitler',
  'jizz',
  'nigg',
  'penis',
  'pussy',
  'retard',
  'shit',
  'slut',
  'vagina',
  'wank',
  'whore',
];
/** Caught as whole words only: inside other words they are innocent (Dickens, therapist). */
const blockedWords = [
  'anal',
  'anus',
  'arse',
  'boob',
  'boobs',
  'cock',
  'dick',
  'fag',
  'kike',
  'nazi',
  'piss',
  'porn',
  'rape',
  'spic',
  'tits',
  'twat',
];

const swaps: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};

/** The nickname in lower-case letters, with accents and letter swaps undone, split into words. */
const foldedWords = (nickname: string) =>
  nickname
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[013457@$!]/g, (c) => swaps[c] ?? c)
    .split(/[^a-z]+/)
    .filter(Boolean);

export function isOffensiveNickname(nickname: string): boolean {
  const words = foldedWords(nickname);
  const letters = words.join('');
  return (
    blockedAnywhere.some((word) => letters.includes(word)) ||
    words.some((word) => blockedWords.includes(word))
  );
}

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
