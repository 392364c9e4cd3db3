// Kept in src/lib: the live player's page offers signing in too, and features share only lib.
export { sameOriginPath, signInUrl, signUpUrl } from '../../lib/sign-in-url';
