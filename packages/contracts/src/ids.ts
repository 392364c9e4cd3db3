import { z } from 'zod';

/**
 * The ids that name things in paths, described once: the API reference shows each path
 * parameter with what it identifies and where a caller finds it.
 */
const id = (noun: string, description: string, example: string) =>
  z.uuid({ error: `must be ${noun} id` }).meta({ description, example });

export const ids = {
  client: id(
    'a tenant',
    'A tenant of the question database (its client id). `GET /me/memberships` lists yours; an API key belongs to one.',
    '6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e',
  ),
  bank: id(
    'a bank',
    'A question bank. `GET /clients/{clientId}/banks` lists a tenant’s banks; the catalog lists public and premium ones.',
    '0d9e8f7a-6b5c-4d3e-9f1a-2b3c4d5e6f70',
  ),
  question: id(
    'a question',
    'A question; it keeps its id across versions.',
    '3a4b5c6d-7e8f-4a1b-9c2d-3e4f5a6b7c8d',
  ),
  user: id(
    'a user',
    'A person, as Questa knows them after their first sign-in.',
    '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  ),
  credential: id(
    'an API key',
    'An API key (never its secret).',
    '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
  ),
  blueprint: id(
    'a blueprint',
    'An exam blueprint of the bank.',
    '7c8d9e0f-1a2b-4c3d-9e4f-5a6b7c8d9e0f',
  ),
  practiceSession: id(
    'a practice session',
    'A practice session, as `POST /practice/sessions` returned it.',
    '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  ),
  practiceItem: id(
    'a practice item',
    'One drawn question of a practice session.',
    '4d5e6f7a-8b9c-4d0e-8f1a-2b3c4d5e6f7a',
  ),
  attempt: id(
    'an exam attempt',
    'An exam attempt, as `POST /exams` returned it.',
    '8e9f0a1b-2c3d-4e5f-9a6b-7c8d9e0f1a2b',
  ),
  card: id(
    'a review card',
    'A review card from `GET /review/queue`.',
    '1f2a3b4c-5d6e-4f7a-8b9c-0d1e2f3a4b5c',
  ),
} as const;
