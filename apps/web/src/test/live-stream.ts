import type { LiveEvent } from '@portal/contracts';

// The fake server's GET live (issue 40): a stream the test writes events into, as the server would.
export type FakeStream = { send: (event: LiveEvent) => void; end: () => void };

export function liveStream(): { response: () => Response; stream: FakeStream } {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    start: (given) => {
      controller = given;
    },
  });
  return {
    response: () => new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
    stream: {
      send: (event) =>
        controller?.enqueue(encoder.encode(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`)),
      end: () => controller?.close(),
    },
  };
}
