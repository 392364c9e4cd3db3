import {
  problemCatalogue,
  problemType,
  type FieldError,
  type Problem,
  type ProblemCode,
} from '@questa/contracts';

interface ProblemExtras {
  detail?: string;
  errors?: FieldError[];
  lines?: { line: number; message: string }[];
  retryAfter?: number;
}

/** Throw from any route or service; the error handler turns it into a problem document. */
export class HttpProblem extends Error {
  readonly code: ProblemCode;
  readonly extras: ProblemExtras;

  constructor(code: ProblemCode, extras: ProblemExtras = {}) {
    super(extras.detail ?? problemCatalogue[code].title);
    this.name = 'HttpProblem';
    this.code = code;
    this.extras = extras;
  }

  get status(): number {
    return problemCatalogue[this.code].status;
  }
}

export function problemBody(
  code: ProblemCode,
  context: { instance: string; requestId: string },
  extras: ProblemExtras = {},
): Problem {
  const { status, title } = problemCatalogue[code];
  return {
    type: problemType(code),
    title,
    status,
    code,
    instance: context.instance,
    requestId: context.requestId,
    ...extras,
  };
}
