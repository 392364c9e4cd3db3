import './define-config';
import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` wait for what they look for up to this long. The library's default of
// one second is shorter than a busy machine may take to load a lazy route and render it the first
// time in a file; a test that passes still returns as soon as its condition holds.
configure({ asyncUtilTimeout: 15_000 });
