import { invalidRequest, missingParam, unknownParam } from './errors';
import type { FormObject, FormValue } from './form';

const describe = (value: FormValue) =>
  typeof value === 'string' ? value : Array.isArray(value) ? 'a list' : 'an object';

/**
 * Reads one request's parameters as Stripe does: each read names the parameter by its bracket
 * path (`line_items[0][price]`) in errors, and `done()` refuses any parameter nobody read, with
 * Stripe's "Received unknown parameter".
 */
export class Params {
  readonly #values: FormObject;
  readonly #prefix: string;
  readonly #used = new Set<string>();
  readonly #children: Params[] = [];

  constructor(values: FormObject, prefix = '') {
    this.#values = values;
    this.#prefix = prefix;
  }

  name(key: string): string {
    return this.#prefix ? `${this.#prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.#values[key] !== undefined;
  }

  #take(key: string): FormValue | undefined {
    this.#used.add(key);
    return this.#values[key];
  }

  #text(key: string): string | undefined {
    const value = this.#take(key);
    if (value === undefined) return undefined;
    if (typeof value !== 'string') {
      throw invalidRequest(`Invalid ${this.name(key)}: must be a string, not ${describe(value)}.`, {
        param: this.name(key),
      });
    }
    return value;
  }

  #require<T>(key: string, value: T | undefined, required: boolean | undefined): T | undefined {
    if (required && (value === undefined || value === '')) {
      if (this.#values[key] === '') {
        throw invalidRequest(
          `You passed an empty string for '${this.name(key)}'. We assume empty values are an attempt to unset a parameter; however '${this.name(key)}' cannot be unset. You should remove '${this.name(key)}' from your request or supply a non-empty value.`,
          { code: 'parameter_invalid_empty', param: this.name(key) },
        );
      }
      throw missingParam(this.name(key));
    }
    return value;
  }

  string(key: string, options: { required?: boolean; maxLength?: number } = {}) {
    const value = this.#require(key, this.#text(key), options.required);
    if (
      value !== undefined &&
      options.maxLength !== undefined &&
      value.length > options.maxLength
    ) {
      throw invalidRequest(
        `Invalid ${this.name(key)}: must be at most ${options.maxLength} characters.`,
        { code: 'parameter_invalid_string_length', param: this.name(key) },
      );
    }
    return value;
  }

  enum<T extends string>(key: string, values: readonly T[], options: { required?: boolean } = {}) {
    const value = this.#require(key, this.#text(key), options.required);
    if (value === undefined || value === '') return undefined;
    if (!values.includes(value as T)) {
      const list =
        values.length > 1
          ? `${values.slice(0, -1).join(', ')}, or ${values.at(-1)}`
          : (values[0] ?? '');
      throw invalidRequest(`Invalid ${this.name(key)}: must be one of ${list}`, {
        param: this.name(key),
      });
    }
    return value as T;
  }

  int(key: string, options: { required?: boolean; min?: number; max?: number } = {}) {
    const text = this.#require(key, this.#text(key), options.required);
    if (text === undefined || text === '') return undefined;
    if (!/^-?\d{1,15}$/.test(text)) {
      throw invalidRequest(`Invalid integer: ${text}`, {
        code: 'parameter_invalid_integer',
        param: this.name(key),
      });
    }
    const value = Number(text);
    if (options.min !== undefined && value < options.min) {
      throw invalidRequest(
        `Invalid ${this.name(key)}: must be greater than or equal to ${options.min}`,
        { param: this.name(key) },
      );
    }
    if (options.max !== undefined && value > options.max) {
      throw invalidRequest(
        `Invalid ${this.name(key)}: must be less than or equal to ${options.max}`,
        { param: this.name(key) },
      );
    }
    return value;
  }

  /** A decimal number, such as a percentage off. */
  number(key: string, options: { min?: number; max?: number } = {}) {
    const text = this.#text(key);
    if (text === undefined || text === '') return undefined;
    if (!/^-?\d{1,12}(\.\d{1,12})?$/.test(text)) {
      throw invalidRequest(`Invalid decimal: ${text}`, { param: this.name(key) });
    }
    const value = Number(text);
    if (
      (options.min !== undefined && value < options.min) ||
      (options.max !== undefined && value > options.max)
    ) {
      throw invalidRequest(
        `Invalid ${this.name(key)}: must be between ${options.min ?? '-∞'} and ${options.max ?? '∞'}.`,
        { param: this.name(key) },
      );
    }
    return value;
  }

  bool(key: string): boolean | undefined {
    const text = this.#text(key);
    if (text === undefined || text === '') return undefined;
    if (text !== 'true' && text !== 'false') {
      throw invalidRequest(`Invalid boolean: ${text}`, { param: this.name(key) });
    }
    return text === 'true';
  }

  /** A Unix time, or `now` where Stripe takes it (trial_end, billing_cycle_anchor). */
  timestamp(key: string, options: { allowNow?: boolean } = {}): number | 'now' | undefined {
    if (options.allowNow && this.#values[key] === 'now') {
      this.#used.add(key);
      return 'now';
    }
    return this.int(key, { min: 0 });
  }

  /**
   * `metadata[key]=value` pairs; an empty value removes that key on update, and `metadata=`
   * (empty) clears them all, which this returns as null.
   */
  metadata(key = 'metadata'): Record<string, string> | null | undefined {
    const value = this.#take(key);
    if (value === undefined) return undefined;
    if (value === '') return null;
    if (typeof value !== 'object' || Array.isArray(value)) {
      throw invalidRequest(`Invalid ${this.name(key)}: must be a hash of keys and values.`, {
        param: this.name(key),
      });
    }
    const entries = Object.entries(value);
    if (entries.length > 50) {
      throw invalidRequest('Invalid metadata: metadata can hold at most 50 keys.', {
        param: this.name(key),
      });
    }
    for (const [name, text] of entries) {
      if (typeof text !== 'string' || name.length > 40 || text.length > 500) {
        throw invalidRequest(
          `Invalid ${this.name(key)}[${name}]: keys hold up to 40 characters and values up to 500.`,
          { param: `${this.name(key)}[${name}]` },
        );
      }
    }
    return value as Record<string, string>;
  }

  object(key: string, options: { required?: boolean } = {}): Params | undefined {
    const value = this.#take(key);
    if (value === undefined || value === '') {
      if (options.required) throw missingParam(this.name(key));
      return undefined;
    }
    if (typeof value !== 'object' || Array.isArray(value)) {
      throw invalidRequest(`Invalid ${this.name(key)}: must be an object.`, {
        param: this.name(key),
      });
    }
    return this.#child(value, this.name(key));
  }

  /** A list of objects, such as `line_items`. */
  list(key: string, options: { required?: boolean } = {}): Params[] | undefined {
    const value = this.#take(key);
    if (value === undefined || value === '') {
      if (options.required) throw missingParam(this.name(key));
      return undefined;
    }
    if (!Array.isArray(value)) {
      throw invalidRequest(`Invalid array`, { param: this.name(key) });
    }
    return value.map((item, index) => {
      const name = `${this.name(key)}[${index}]`;
      if (typeof item !== 'object' || Array.isArray(item)) {
        throw invalidRequest(`Invalid ${name}: must be an object.`, { param: name });
      }
      return this.#child(item, name);
    });
  }

  /** A list of strings, such as `expand[]` or `lookup_keys[]`. */
  strings(key: string): string[] | undefined {
    const value = this.#take(key);
    if (value === undefined) return undefined;
    const list = Array.isArray(value) ? value : [value];
    if (list.some((item) => typeof item !== 'string')) {
      throw invalidRequest(`Invalid array`, { param: this.name(key) });
    }
    return list as string[];
  }

  expand(): string[] {
    return this.strings('expand') ?? [];
  }

  /** Refuses every parameter that no read asked for, here and in nested objects. */
  done(): void {
    for (const key of Object.keys(this.#values)) {
      if (!this.#used.has(key)) throw unknownParam(this.name(key));
    }
    for (const child of this.#children) child.done();
  }

  #child(values: FormObject, prefix: string): Params {
    const child = new Params(values, prefix);
    this.#children.push(child);
    return child;
  }
}
