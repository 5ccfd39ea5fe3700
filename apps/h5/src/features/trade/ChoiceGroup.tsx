import type { ReactNode } from "react";
import "./ChoiceGroup.css";

export interface Choice<T extends string | number> {
  readonly value: T;
  readonly label: ReactNode;
  /** Shown after the label, inside it (a sandbox mark, a bonus note). */
  readonly extra?: ReactNode;
}

/**
 * One choice out of a few, as radio buttons in a fieldset with its legend (keyboard: arrows move
 * within the group; screen readers read the legend): pay methods, amounts, withdraw types, timings.
 */
export function ChoiceGroup<T extends string | number>({
  legend,
  name,
  choices,
  value,
  onChange,
  chips = false,
  children,
}: {
  readonly legend: ReactNode;
  readonly name: string;
  readonly choices: readonly Choice<T>[];
  readonly value: T | null;
  readonly onChange: (value: T) => void;
  /** Amount chips rather than rows. */
  readonly chips?: boolean;
  /** After the choices, inside the group (its error). */
  readonly children?: ReactNode;
}) {
  return (
    <fieldset className={chips ? "h5-fieldset h5-fieldset--chips" : "h5-fieldset"}>
      <legend className="h5-trade-label">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className={chips ? "h5-trade-chip" : "h5-trade-choice"}>
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={choice.value === value}
            onChange={() => {
              onChange(choice.value);
            }}
          />
          <span>{choice.label}</span>
          {choice.extra ?? null}
        </label>
      ))}
      {children}
    </fieldset>
  );
}
