import { vi } from 'vitest';

type Listener = (event: Event) => void;

/**
 * Replaces XMLHttpRequest with one that sends through `fetch`, so the stubbed API (stubApi) answers
 * uploads too. It reports half the body as sent, then all of it. With `hold`, each request waits
 * until `release()` so a test can look at the progress on screen.
 */
export function stubXhrThroughFetch({ hold = false } = {}) {
  let release: () => void = () => undefined;
  let gate = hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();

  class FakeXMLHttpRequest {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    #events = new EventTarget();
    #method = 'GET';
    #url = '';
    #headers: Record<string, string> = {};
    #responseHeaders = new Headers();

    open(method: string, url: string) {
      this.#method = method;
      this.#url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.#headers[name] = value;
    }

    getResponseHeader(name: string) {
      return this.#responseHeaders.get(name);
    }

    addEventListener(type: string, listener: Listener) {
      this.#events.addEventListener(type, listener);
    }

    abort() {
      this.#events.dispatchEvent(new Event('abort'));
    }

    send(body: Blob) {
      const progress = (loaded: number) =>
        this.upload.dispatchEvent(
          Object.assign(new Event('progress'), {
            loaded,
            total: body.size,
            lengthComputable: true,
          }),
        );
      void (async () => {
        progress(Math.floor(body.size / 2));
        await gate;
        const response = await fetch(this.#url, {
          method: this.#method,
          headers: this.#headers,
          body,
        });
        progress(body.size);
        this.status = response.status;
        this.responseText = await response.text();
        this.#responseHeaders = response.headers;
        this.#events.dispatchEvent(new Event('load'));
      })();
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return {
    release: () => {
      release();
      gate = Promise.resolve();
    },
  };
}
