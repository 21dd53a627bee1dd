import type { AppError } from '@signet/http';

declare const transitioned: unique symbol;

/**
 * A status that came out of a state machine. Stores take only these for their status columns, so a
 * status written inline (`status: 'VOIDED'`) does not compile: every change goes through a table.
 */
export type Transitioned<S extends string> = S & { readonly [transitioned]: true };

/**
 * One aggregate's statuses as a single table: from-state x trigger -> next state. A pair missing from
 * the table is an illegal transition, refused with the error the API gives for it.
 */
export interface StateMachineSpec<S extends string, T extends string, C = void> {
  /** What the statuses belong to (envelope, recipient, upload), for messages and tests. */
  aggregate: string;
  states: readonly S[];
  triggers: readonly T[];
  transitions: { readonly [From in S]: Partial<Readonly<Record<T, S>>> };
  /** The refusal of an illegal transition; `context` is what the message needs beyond the states (e.g. an expiry time). */
  refusal(from: S, trigger: T, context: C): AppError;
}

export interface StateMachine<S extends string, T extends string, C = void> extends StateMachineSpec<S, T, C> {
  /** The state `trigger` leads to from `from`, or null when the table has no such transition. */
  target(from: S, trigger: T): S | null;
  allows(from: S, trigger: T): boolean;
  /** The next state, to be written; an illegal transition throws the machine's refusal. */
  next(from: S, trigger: T, ...context: C extends void ? [] : [C]): Transitioned<S>;
  /** A new aggregate's first status, as the table names it. */
  initial(state: S): Transitioned<S>;
}

export function defineStateMachine<S extends string, T extends string, C = void>(spec: StateMachineSpec<S, T, C>): StateMachine<S, T, C> {
  const target = (from: S, trigger: T): S | null => spec.transitions[from]?.[trigger] ?? null;
  return {
    ...spec,
    target,
    allows: (from, trigger) => target(from, trigger) !== null,
    next(from, trigger, ...context) {
      const to = target(from, trigger);
      if (to === null) throw spec.refusal(from, trigger, context[0] as C);
      return to as Transitioned<S>;
    },
    initial: (state) => state as Transitioned<S>
  };
}
