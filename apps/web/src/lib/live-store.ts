import type { LiveEmployee, LiveEvent } from '@portal/contracts';

// What the screens know of the tab's live stream (decision 063), without the stream itself: what
// they registered (open and followed topics), who is on each open record, whether the stream is up,
// and the events, handed on by the connection (live-connection.ts), which the signed-in layout loads
// after the screen, so no screen's first load carries it.

export type LiveWatch = { open: readonly string[]; follow: readonly string[] };
type Listener = (event: LiveEvent) => void;

const NO_VIEWERS: LiveEmployee[] = [];

class LiveStore {
  private readonly registrations = new Map<number, LiveWatch>();
  private nextRegistration = 1;
  private readonly listeners = new Set<Listener>();
  private readonly stateListeners = new Set<() => void>();
  private readonly presence = new Map<string, LiveEmployee[]>();
  private readonly watchListeners = new Set<() => void>();
  private connectedNow = false;

  connected(): boolean {
    return this.connectedNow;
  }

  // The same array until it changes (useSyncExternalStore compares snapshots by identity).
  viewersOf(topic: string): LiveEmployee[] {
    return this.presence.get(topic) ?? NO_VIEWERS;
  }

  register(watch: LiveWatch): () => void {
    const id = this.nextRegistration++;
    this.registrations.set(id, watch);
    this.watchChanged();
    return () => {
      this.registrations.delete(id);
      this.watchChanged();
    };
  }

  // The union of every screen's registrations.
  watched(): { open: Set<string>; follow: Set<string> } {
    const open = new Set<string>();
    const follow = new Set<string>();
    for (const watch of this.registrations.values()) {
      for (const topic of watch.open) open.add(topic);
      for (const topic of watch.follow) follow.add(topic);
    }
    return { open, follow };
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // Connected or not, and presence changes: for useSyncExternalStore.
  subscribeState(listener: () => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  // For the connection: told when the registrations change.
  onWatchChange(listener: () => void): () => void {
    this.watchListeners.add(listener);
    return () => this.watchListeners.delete(listener);
  }

  setConnected(connected: boolean): void {
    this.connectedNow = connected;
    if (!connected) this.presence.clear();
    this.stateChanged();
  }

  dispatch(event: LiveEvent): void {
    if (event.event === 'presence') {
      this.presence.set(event.data.topic, event.data.viewers);
      this.stateChanged();
    }
    for (const listener of this.listeners) listener(event);
  }

  private stateChanged(): void {
    for (const listener of this.stateListeners) listener();
  }

  private watchChanged(): void {
    for (const listener of this.watchListeners) listener();
  }
}

export const liveStore = new LiveStore();
