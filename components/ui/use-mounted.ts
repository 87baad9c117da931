// Whether the component has hydrated: false while server rendering and hydrating, true after. The
// charts mount only in the browser (recharts sets inline styles, which the CSP allows only from script).
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export const useMounted = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
