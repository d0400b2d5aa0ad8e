// A tiny typed event emitter: listeners per event name, unsubscribe by the returned function.

/** A listener of one event's payload. */
export type Listener<T> = (payload: T) => void;

/** A typed event emitter. */
export class Emitter<Events extends object> {
  private readonly listeners = new Map<keyof Events, Set<Listener<never>>>();

  /** Listens to an event; returns a function that stops listening. */
  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  /** Calls the event's listeners with the payload; a listener that throws does not stop the others. */
  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        (listener as Listener<Events[K]>)(payload);
      } catch (error) {
        // One broken listener must not stop the others nor the flow that emitted.
        console.error(`[latch] a "${String(event)}" listener threw`, error);
      }
    }
  }

  /** Removes every listener. */
  clear(): void {
    this.listeners.clear();
  }
}
