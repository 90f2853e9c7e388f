import { type ComponentType, createElement, lazy } from "react";

/**
 * A lazily loaded component that renders in the same commit as its parent once its chunk is loaded.
 * `React.lazy` suspends on its first render even when the chunk is already there, and React throttles
 * revealing a resolved boundary (about 300 ms), so a part the route waited for (the header and footer,
 * see routes/__root.tsx) appeared well after the page and moved centred content under the pointer: a
 * layout shift that lost clicks. `preload` loads the chunk (await it in a `beforeLoad`); `Component`
 * is the chunk's component itself once loaded, the lazy one before. Keep it inside a `<Suspense>`
 * either way: prerendered markup is hydrated through that boundary.
 */
export function lazyPreloaded<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // A failed chunk request may succeed later (a flaky network): let the next render retry.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const LazyComponent = lazy(() => preload().then((component) => ({ default: component })));
  function Component(props: Props) {
    return createElement(loaded ?? LazyComponent, props);
  }
  return { Component, preload };
}
