import './define-config';
import { configure } from '@testing-library/react';
import { beforeAll } from 'vitest';
import { preloadAnswerWidgets } from '../components/answering/answer-widgets';

// `findBy…` and `waitFor` wait for what they look for up to this long. The library's default of
// one second is shorter than a busy machine may take to load a lazy route and render it the first
// time in a file; a test that passes still returns as soon as its condition holds.
configure({ asyncUtilTimeout: 15_000 });

// Answer widgets are lazy chunks in the app (components/answering/answer-widgets.ts). Tests of the
// pages that show them are about answering, so the widgets are here before a test renders;
// answer-widgets.test.tsx covers the wait for a widget's chunk.
beforeAll(() => preloadAnswerWidgets());
