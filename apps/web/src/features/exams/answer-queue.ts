import type { AnswerInput } from '@questa/contracts';

/**
 * Exam answers on their way to the server, kept in IndexedDB so that neither a lost connection nor a
 * closed tab loses one. One record per `attemptId:position`: a newer answer replaces an older one,
 * and a record is removed only once the server has acknowledged exactly the answer it holds.
 */

export interface QueuedAnswer {
  attemptId: string;
  position: number;
  answer: AnswerInput;
  /** When it was given (browser clock), to send the oldest first. */
  queuedAt: number;
}

export interface AnswerQueue {
  /** Keeps `entry`, replacing any answer queued for the same question. */
  put(entry: QueuedAnswer): Promise<void>;
  /** Everything queued for one attempt, oldest first. */
  list(attemptId: string): Promise<QueuedAnswer[]>;
  /**
   * Removes the question's record if it still holds `answer`; a newer answer given while the older
   * one was on its way stays queued. Resolves to whether it removed one.
   */
  acknowledge(attemptId: string, position: number, answer: AnswerInput): Promise<boolean>;
  /** Removes the question's record whatever it holds. */
  remove(attemptId: string, position: number): Promise<void>;
  /** Removes everything queued for an attempt. */
  clear(attemptId: string): Promise<void>;
  close(): void;
}

const databaseName = 'questa-exams';
const storeName = 'answers';
const version = 1;

interface StoredAnswer extends QueuedAnswer {
  key: string;
}

const keyOf = (attemptId: string, position: number) => `${attemptId}:${position}`;

/** Answers are built by this client, always with the same key order, so JSON compares them. */
const sameAnswer = (a: AnswerInput, b: AnswerInput) => JSON.stringify(a) === JSON.stringify(b);

const byAge = (a: QueuedAnswer, b: QueuedAnswer) =>
  a.queuedAt - b.queuedAt || a.position - b.position;

const strip = ({ attemptId, position, answer, queuedAt }: StoredAnswer): QueuedAnswer => ({
  attemptId,
  position,
  answer,
  queuedAt,
});

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function completed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB write failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB write aborted'));
  });
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(databaseName, version);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(storeName, { keyPath: 'key' });
      store.createIndex('attemptId', 'attemptId');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    // Another tab holds an older version open; it closes on `versionchange`, so this waits.
    request.onblocked = () => {};
  });
}

/** The queue in IndexedDB. `factory` is the browser's `indexedDB` unless a test brings its own. */
export async function openAnswerQueue(factory: IDBFactory = indexedDB): Promise<AnswerQueue> {
  const db = await openDatabase(factory);
  // A newer version opened in another tab (after a release) must not wait on this one.
  db.onversionchange = () => db.close();

  const write = async (work: (store: IDBObjectStore) => void) => {
    const transaction = db.transaction(storeName, 'readwrite');
    work(transaction.objectStore(storeName));
    await completed(transaction);
  };

  const keysOf = async (attemptId: string) => {
    const index = db.transaction(storeName, 'readonly').objectStore(storeName).index('attemptId');
    return promised(index.getAllKeys(attemptId));
  };

  return {
    put: (entry) =>
      write((store) => store.put({ ...entry, key: keyOf(entry.attemptId, entry.position) })),

    async list(attemptId) {
      const index = db.transaction(storeName, 'readonly').objectStore(storeName).index('attemptId');
      const stored = await promised<StoredAnswer[]>(index.getAll(attemptId));
      return stored.map(strip).sort(byAge);
    },

    async acknowledge(attemptId, position, answer) {
      // Read and delete in one transaction, so an answer written in between cannot be lost.
      const transaction = db.transaction(storeName, 'readwrite');
      const store = transaction.objectStore(storeName);
      const key = keyOf(attemptId, position);
      let removed = false;
      const read = store.get(key) as IDBRequest<StoredAnswer | undefined>;
      read.onsuccess = () => {
        if (read.result && sameAnswer(read.result.answer, answer)) {
          store.delete(key);
          removed = true;
        }
      };
      await completed(transaction);
      return removed;
    },

    remove: (attemptId, position) => write((store) => store.delete(keyOf(attemptId, position))),

    async clear(attemptId) {
      const keys = await keysOf(attemptId);
      await write((store) => {
        for (const key of keys) store.delete(key);
      });
    },

    close: () => db.close(),
  };
}

/**
 * The same queue in memory, for a browser where IndexedDB is unavailable (some private modes):
 * the exam still works, it only forgets queued answers on reload.
 */
export function memoryAnswerQueue(): AnswerQueue {
  const entries = new Map<string, QueuedAnswer>();
  return {
    async put(entry) {
      entries.set(keyOf(entry.attemptId, entry.position), structuredClone(entry));
    },
    async list(attemptId) {
      return [...entries.values()]
        .filter((entry) => entry.attemptId === attemptId)
        .map((entry) => structuredClone(entry))
        .sort(byAge);
    },
    async acknowledge(attemptId, position, answer) {
      const key = keyOf(attemptId, position);
      const entry = entries.get(key);
      if (!entry || !sameAnswer(entry.answer, answer)) return false;
      entries.delete(key);
      return true;
    },
    async remove(attemptId, position) {
      entries.delete(keyOf(attemptId, position));
    },
    async clear(attemptId) {
      for (const [key, entry] of entries) if (entry.attemptId === attemptId) entries.delete(key);
    },
    close() {},
  };
}

/** The IndexedDB queue when the browser has one that opens, the memory queue otherwise. */
export async function openBestAnswerQueue(): Promise<AnswerQueue> {
  try {
    if (typeof indexedDB === 'undefined') return memoryAnswerQueue();
    return await openAnswerQueue(indexedDB);
  } catch {
    return memoryAnswerQueue();
  }
}
