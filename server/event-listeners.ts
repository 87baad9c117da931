// Listeners of one kind of in-process event (a terms change noted, a listing approved): the layer
// where it happens tells them, the layer that reacts registers at start-up, so neither imports the
// other. The set lives on globalThis: Next.js bundles instrumentation.ts (where listeners register)
// apart from the route handlers (where events happen), each with its own copy of a module. Listeners
// are told after the event committed; one that throws is logged and the others still run.
import { logger } from "./logger";

export interface EventListeners<E> {
  /** Registers `listener`; returns its removal. */
  on(listener: (event: E) => void): () => void;
  notify(event: E): void;
}

export function eventListeners<E>(name: string): EventListeners<E> {
  const key = Symbol.for(`marketplace.listeners.${name}`);
  const holder = globalThis as { [key]?: Set<(event: E) => void> };
  const listeners = (holder[key] ??= new Set());
  return {
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify(event) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (err) {
          logger.warn({ err, event }, `${name} listener failed`);
        }
      }
    },
  };
}
