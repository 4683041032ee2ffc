import { type FormEvent, useEffect, useId, useState } from 'react';

interface ApplicationSearchProps {
  /** The search the list shows now (from the URL). */
  value: string;
  onSearch: (query: string) => void;
}

/** One box for what a student quotes on the phone: the reference, a name or the number they call from. */
export function ApplicationSearch({ value, onSearch }: ApplicationSearchProps) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  return (
    <form className="application-search" onSubmit={submit}>
      <label className="field__label" htmlFor={`${id}-q`}>
        Search
      </label>
      <div className="application-search__row search-field">
        <input
          id={`${id}-q`}
          type="search"
          name="q"
          value={text}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
          aria-describedby={`${id}-hint`}
        />
        <button type="submit" className="button button--secondary">
          Search
        </button>
      </div>
      <p className="field__hint" id={`${id}-hint`}>
        Reference (PI-7K3M9Q), name or phone number
      </p>
    </form>
  );
}
