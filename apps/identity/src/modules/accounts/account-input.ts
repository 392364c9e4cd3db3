// The password rule: the pages show it, put it on the input and check it as people type, and the
// server checks it again, all from these two numbers.
export const PASSWORD_MIN_LENGTH = 12;
// Hashing cost grows with length; nobody types more than this.
export const PASSWORD_MAX_LENGTH = 256;
export const DISPLAY_NAME_MAX_LENGTH = 80;
const EMAIL_MAX_LENGTH = 254;

export interface SignUpInput {
  displayName: string;
  email: string;
  password: string;
}

export type SignUpField = keyof SignUpInput;
/** What is wrong with a value; the pages say it in the reader's language. */
export type InputProblem = 'missing' | 'invalid' | 'too_short' | 'too_long';
export type PasswordProblem = 'too_short' | 'too_long';
export type FieldErrors<Field extends string> = Partial<Record<Field, InputProblem>>;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

// Counted in characters as people see them, as the page's script counts them too.
export function checkPassword(password: string): PasswordProblem | undefined {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'too_short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'too_long';
  return undefined;
}

export function checkSignUp(input: SignUpInput): FieldErrors<SignUpField> {
  const errors: FieldErrors<SignUpField> = {};
  const name = input.displayName.trim();
  if (name.length === 0) errors.displayName = 'missing';
  else if (name.length > DISPLAY_NAME_MAX_LENGTH) errors.displayName = 'too_long';
  const email = input.email.trim();
  if (email.length === 0) errors.email = 'missing';
  else if (email.length > EMAIL_MAX_LENGTH || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    errors.email = 'invalid';
  }
  const password = checkPassword(input.password);
  if (password) errors.password = password;
  return errors;
}
