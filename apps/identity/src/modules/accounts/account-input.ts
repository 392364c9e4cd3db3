export const PASSWORD_MIN_LENGTH = 12;
// Hashing cost grows with length; nobody types more than this.
const PASSWORD_MAX_LENGTH = 256;
const DISPLAY_NAME_MAX_LENGTH = 80;
const EMAIL_MAX_LENGTH = 254;

export interface SignUpInput {
  displayName: string;
  email: string;
  password: string;
}

export type SignUpField = keyof SignUpInput;
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function checkPassword(password: string): string | undefined {
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  }
  return undefined;
}

export function checkSignUp(input: SignUpInput): FieldErrors<SignUpField> {
  const errors: FieldErrors<SignUpField> = {};
  const name = input.displayName.trim();
  if (name.length === 0) errors.displayName = 'Enter the name other people will see.';
  else if (name.length > DISPLAY_NAME_MAX_LENGTH) {
    errors.displayName = `Use at most ${DISPLAY_NAME_MAX_LENGTH} characters.`;
  }
  const email = input.email.trim();
  if (email.length === 0) errors.email = 'Enter your email address.';
  else if (email.length > EMAIL_MAX_LENGTH || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    errors.email = 'Enter an email address like name@example.com.';
  }
  const password = checkPassword(input.password);
  if (password) errors.password = password;
  return errors;
}
