import { describe, expect, it } from 'vitest';
import { createTranslator } from './translate';

describe('createTranslator', () => {
  const en = {
    'catalog.title': 'Question banks',
    'bank.updated': 'Updated {date}',
    'catalog.questionCount': { one: '{count} question', other: '{count} questions' },
  };

  it('returns the message for a key', () => {
    const t = createTranslator('en', en, en);
    expect(t('catalog.title')).toBe('Question banks');
  });

  it('fills {name} placeholders and leaves unknown ones as written', () => {
    const t = createTranslator('en', en, en);
    expect(t('bank.updated', { date: 'today' })).toBe('Updated today');
    expect(t('bank.updated')).toBe('Updated {date}');
  });

  it('chooses the plural form with the locale rules and formats the count', () => {
    const t = createTranslator('en', en, en);
    expect(t('catalog.questionCount', { count: 1 })).toBe('1 question');
    expect(t('catalog.questionCount', { count: 0 })).toBe('0 questions');
    expect(t('catalog.questionCount', { count: 1200 })).toBe('1,200 questions');
  });

  it('uses the plural rules of the reader’s language', () => {
    const fr = { 'catalog.questionCount': { one: '{count} question', other: '{count} questions' } };
    const t = createTranslator('fr', fr, en);
    // French counts zero as singular, unlike English.
    expect(t('catalog.questionCount', { count: 0 })).toBe('0 question');
    expect(t('catalog.questionCount', { count: 1.5 })).toBe('1,5 question');
  });

  it('falls back to the "other" form when a language lacks the chosen category', () => {
    const t = createTranslator('en', { 'catalog.questionCount': { other: '{count} items' } }, en);
    expect(t('catalog.questionCount', { count: 1 })).toBe('1 items');
  });

  it('falls back to English for keys the locale does not have', () => {
    const t = createTranslator('de', { 'catalog.title': 'Fragenkataloge' }, en);
    expect(t('catalog.title')).toBe('Fragenkataloge');
    expect(t('bank.updated', { date: 'heute' })).toBe('Updated heute');
  });

  it('returns the key itself when no catalogue has it', () => {
    const t = createTranslator('en', {}, {});
    expect(t('catalog.title')).toBe('catalog.title');
  });

  it('knows which keys built at run time have a message, in the locale or in English', () => {
    const t = createTranslator('de', { 'catalog.title': 'Fragenkataloge' }, en);
    expect(t.has('catalog.title')).toBe(true);
    expect(t.has('bank.updated')).toBe(true);
    expect(t.has('problem.from_a_newer_server')).toBe(false);
    expect(t.has('toString')).toBe(false);
  });
});
