// bcrypt hashing and checking off the event loop: a small pool of worker threads runs bcryptjs, so a burst of
// logins costs CPU on other threads but never stalls the requests the main thread is answering. bcryptjs' own
// async API still computes on the main thread (in slices of up to 100 ms), which is why it is not used here.
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import bcrypt from 'bcryptjs';

export const BCRYPT_ROUNDS = 10;

/** Checks against this hash when there is no user (or no password), so unknown logins take as long as known ones. */
const DUMMY_HASH = '$2b$10$abyewn6eshC29GP4ya/25u5z10KRRGNfmvQHfykyh9.Sb9sWg5Q8u';

/** Jobs waiting for a worker; past this, new password checks are refused (the caller answers 429). */
const MAX_QUEUED = 64;

const bcryptjsPath = createRequire(import.meta.url).resolve('bcryptjs');

// The worker is plain CommonJS evaluated from source, so it needs no TypeScript loader.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const bcrypt = require(${JSON.stringify(bcryptjsPath)});
parentPort.on('message', (job) => {
  try {
    const result = job.op === 'hash' ? bcrypt.hashSync(job.password, job.rounds) : bcrypt.compareSync(job.password, job.hash);
    parentPort.postMessage({ id: job.id, result });
  } catch (e) {
    parentPort.postMessage({ id: job.id, error: String((e && e.message) || e) });
  }
});
`;

type Job = { op: 'hash'; password: string; rounds: number } | { op: 'compare'; password: string; hash: string };

interface Slot {
  worker: Worker;
  pending: Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>;
}

/** Raised when too many password checks are already waiting. */
export class PasswordQueueFull extends Error {}

const slots: Slot[] = [];
let nextId = 1;

function newSlot(): Slot {
  const slot: Slot = { worker: new Worker(WORKER_SOURCE, { eval: true }), pending: new Map() };
  // idle workers must not keep a process (a test run, a CLI) alive
  slot.worker.unref();
  slot.worker.on('message', (m: { id: number; result?: unknown; error?: string }) => {
    const p = slot.pending.get(m.id);
    if (!p) return;
    slot.pending.delete(m.id);
    if (m.error !== undefined) p.reject(new Error(m.error));
    else p.resolve(m.result);
    if (slot.pending.size === 0) slot.worker.unref();
  });
  const fail = (e: Error): void => {
    const i = slots.indexOf(slot);
    if (i >= 0) slots.splice(i, 1);
    for (const p of slot.pending.values()) p.reject(e);
    slot.pending.clear();
  };
  slot.worker.on('error', fail);
  slot.worker.on('exit', (code) => fail(new Error(`password worker exited with code ${code}`)));
  return slot;
}

/** One worker per spare core (at least one, at most four); the main thread keeps its own core. */
const poolSize = (): number => Math.max(1, Math.min(4, availableParallelism() - 1));

function run<T>(job: Job): Promise<T> {
  while (slots.length < poolSize()) slots.push(newSlot());
  const slot = slots.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  const queued = slots.reduce((n, s) => n + s.pending.size, 0);
  if (queued >= MAX_QUEUED) return Promise.reject(new PasswordQueueFull('too many password checks waiting'));
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    slot.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    // a worker with work to do keeps the process alive until it answers
    slot.worker.ref();
    slot.worker.postMessage({ id, ...job });
  });
}

/** bcrypt hash of a password, computed on a worker thread. */
export function hashPassword(password: string): Promise<string> {
  return run<string>({ op: 'hash', password, rounds: BCRYPT_ROUNDS });
}

/** The same, on the calling thread: only for start-up work such as seeding the demo users. */
export function hashPasswordSync(password: string): string {
  return bcrypt.hashSync(password, BCRYPT_ROUNDS);
}

const isBcryptHash = (h: string): boolean => /^\$2[abxy]?\$\d\d\$[./A-Za-z0-9]{53}$/.test(h);

/**
 * Does the password match the hash? Runs on a worker thread, and with no hash (unknown user, user without a
 * password) it checks against a dummy hash and answers false, taking the same time as a real check.
 */
export async function checkPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  const real = typeof hash === 'string' && isBcryptHash(hash);
  const ok = await run<boolean>({ op: 'compare', password, hash: real ? hash : DUMMY_HASH });
  return real && ok;
}
