// A provider's refusal of one message, and whether trying the same message again can succeed. The
// outbox retries what is transient (a connection refused or cut, a 4xx SMTP reply, Twilio 429/5xx)
// and marks undelivered at once what is permanent (a 5xx SMTP reply to the recipient or the
// message, a number Twilio will never text).
export class DeliveryError extends Error {
  readonly permanent: boolean;

  constructor(message: string, options: { permanent: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = 'DeliveryError';
    this.permanent = options.permanent;
  }
}

// Anything else a provider throws (a bug, an unexpected answer) is treated as transient: it is
// retried until the attempts run out, then undelivered with its text.
export function isPermanentDeliveryError(error: unknown): boolean {
  return error instanceof DeliveryError && error.permanent;
}

export function deliveryErrorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
