/** What a fake server answers to one request: a status and a body (JSON, or text sent as it is). */
export interface XhrReply {
  status: number;
  body: unknown;
  /** runs just before the answer arrives (a cookie the answer would set) */
  before?: () => void;
  /** the rest of the upload and the answer wait for this, after the first quarter: the progress can be seen */
  held?: Promise<void>;
}

export interface XhrRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
}

/**
 * Replaces XMLHttpRequest (the SDK sends multipart bodies with it, for their progress) with one that
 * reports the upload's progress (a quarter, then all), then answers the replies in turn; with none left
 * the connection fails. Returns what was sent, and the replies still to come (to add more).
 */
export function fakeXhr(...replies: XhrReply[]): { sent: XhrRequest[]; replies: XhrReply[] } {
  const sent: XhrRequest[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private request = { method: '', url: '', headers: {} as Record<string, string> };
    open(method: string, url: string) {
      this.request = { method, url, headers: {} };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    abort() {}
    send(body: FormData) {
      sent.push({ ...this.request, body });
      const reply = replies.shift();
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
      void (reply?.held ?? Promise.resolve()).then(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 4, total: 4 });
        setTimeout(() => {
          if (!reply) return this.onerror?.();
          reply.before?.();
          this.status = reply.status;
          this.responseText = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
          this.onload?.();
        }, 0);
      });
    }
  }
  Object.defineProperty(window, 'XMLHttpRequest', { configurable: true, writable: true, value: FakeXhr });
  return { sent, replies };
}
