/**
 * The one way a view hands its stores and actions down: a React context with its provider and a
 * hook that says plainly when a component is used outside it. Components then select narrowly
 * from the stores (`useTasks(s => s.calls)`), and tests hand in their own values.
 */
import { createContext, useContext, type ReactNode } from 'react';

export interface FeatureContext<T> {
  Provider(props: { value: T; children: ReactNode }): ReactNode;
  /** The value the nearest provider holds; throws outside one. */
  use(): T;
}

export function featureContext<T>(name: string): FeatureContext<T> {
  const Context = createContext<T | null>(null);
  return {
    Provider: (props) => <Context.Provider value={props.value}>{props.children}</Context.Provider>,
    use() {
      const value = useContext(Context);
      if (value === null) throw new Error(`${name}'s components are used outside its provider`);
      return value;
    },
  };
}
