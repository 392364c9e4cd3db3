import {
  DataSet,
  englishDataset,
  englishRecommendedTransformers,
  pattern,
  RegExpMatcher,
} from 'obscenity';

/*
 * Offensive nicknames, kept off a classroom's big screen by a maintained filter (obscenity): its
 * word list matches whole words where a word inside another is innocent (Scunthorpe), and its
 * transformers undo look-alike letters from other scripts, accents, letter swaps (sh1t, fvck)
 * and repeated letters before matching. Questa adds what players type to get a laugh that the
 * list misses, and names that contain a listed word but are nobody's insult.
 */
const words = new DataSet<{ originalWord: string }>()
  .addAll(englishDataset)
  .addPhrase((phrase) =>
    phrase
      .setMetadata({ originalWord: 'fuck' })
      .addPattern(pattern`phuck`)
      .addPattern(pattern`phuk`)
      .addPattern(pattern`|phuq`),
  )
  .addPhrase((phrase) =>
    phrase
      .setMetadata({ originalWord: 'nazi' })
      .addPattern(pattern`|nazi`)
      .addPattern(pattern`hitler`),
  )
  .addPhrase((phrase) =>
    phrase
      .setMetadata({ originalWord: 'dick' })
      .addWhitelistedTerm('dick grayson')
      .addWhitelistedTerm('penistone'),
  );

const matcher = new RegExpMatcher({ ...words.build(), ...englishRecommendedTransformers });

/** "f u c k", "f.u.c.k": a word spelled out one letter at a time, read as the word. */
function spelledOut(nickname: string): string | undefined {
  const parts = nickname.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return parts.length >= 3 && parts.every((part) => [...part].length === 1)
    ? parts.join('')
    : undefined;
}

/**
 * Numbers standing alone are left out: read as letter swaps, "Player 455" would say "ass" and
 * "Team 717" "tit". Digits among letters (sh1t) are still read as letters.
 */
const withoutNumbers = (nickname: string) =>
  nickname.replace(/(?<![\p{L}])\p{N}+(?![\p{L}])/gu, ' ');

export function isOffensiveNickname(typed: string): boolean {
  const nickname = withoutNumbers(typed);
  const spelled = spelledOut(nickname);
  return matcher.hasMatch(nickname) || (spelled !== undefined && matcher.hasMatch(spelled));
}
