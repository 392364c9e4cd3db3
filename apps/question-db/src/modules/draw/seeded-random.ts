import { createHash, randomBytes } from 'node:crypto';

/**
 * Numbers in [0, 1) from a seed: SHA-256 of the seed and a counter, six bytes a number. The same
 * seed gives the same sequence in every process and on every engine, which is what makes a draw
 * repeatable; without a seed, a random one.
 */
export function seededRandom(seed: string = randomBytes(16).toString('hex')): () => number {
  let counter = 0;
  let block = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + 6 > block.length) {
      block = createHash('sha256').update(`${seed}\u0000${counter}`).digest();
      counter += 1;
      offset = 0;
    }
    const value = block.readUIntBE(offset, 6) / 2 ** 48;
    offset += 6;
    return value;
  };
}
