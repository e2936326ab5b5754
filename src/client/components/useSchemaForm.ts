import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { fieldErrorsOf } from '../errors.ts';
import { useUnsavedChanges } from './unsavedChanges.tsx';

/**
 * One message per place: per field ('groups'), or per whole path ('cards.2.title') where a
 * form's values are nested and the message belongs under one field of a row.
 */
export type FieldMessages = Partial<Record<string, string>>;

/** The whole path of a place in the form ('cards.2.title'); a message about the whole form is '_'. */
function pathOf(path: readonly PropertyKey[]): string {
  return path.length > 0 ? path.map(String).join('.') : '_';
}

/** The field a whole path belongs to: 'cards' for 'cards.2.title'. */
function fieldOf(path: string): string {
  return path.split('.', 1)[0] ?? path;
}

/** Whether a path is the given place or lies under it ('cards.2.title' lies under 'cards' and 'cards.2'). */
function isAtOrUnder(path: string, place: string): boolean {
  return path === place || path.startsWith(`${place}.`);
}

/** The first message per field of messages per whole path, in their order. */
function messagesPerField(messages: FieldMessages): FieldMessages {
  const perField: FieldMessages = {};
  for (const [path, message] of Object.entries(messages)) if (message !== undefined) perField[fieldOf(path)] ??= message;
  return perField;
}

/** The first message per whole path of a shared schema ('dayPrices.0.price'): the same texts the server answers (SPEC §5). */
export function schemaPathMessages(schema: z.ZodType, values: unknown): FieldMessages {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const messages: FieldMessages = {};
  for (const issue of result.error.issues) messages[pathOf(issue.path)] ??= issue.message;
  return messages;
}

/** The first message per field of a shared schema; nested paths ('groups.0') count for their field ('groups'). */
export function schemaMessages(schema: z.ZodType, values: unknown): FieldMessages {
  return messagesPerField(schemaPathMessages(schema, values));
}

/** The first message per whole path of a server refusal, e.g. 409 on the shooter number. */
export function serverPathMessages(error: unknown): FieldMessages {
  const messages: FieldMessages = {};
  for (const [path, list] of Object.entries(fieldErrorsOf(error))) {
    const first = list[0];
    if (first !== undefined) messages[path] ??= first;
  }
  return messages;
}

/**
 * The whole paths of the places in a form's values that hold free text, as `setAt` and
 * `textFieldPropsAt` take them: 'greeting', 'cards.${number}.title', 'rules.${number}'.
 * A field of fixed words (a union of literals) is no place to type into.
 */
export type TextPath<Values> = Values extends readonly (infer Item)[]
  ? string extends Item
    ? `${number}`
    : `${number}.${TextPath<Item>}`
  : Values extends object
    ? { [Field in keyof Values & string]: string extends Values[Field] ? Field : Values[Field] extends object ? `${Field}.${TextPath<Values[Field]>}` : never }[keyof Values & string]
    : never;

// The nested-path helpers are pure, so tests/unit checks them without a browser.

/** The value at a whole path of the form's values ('cards.2.title'). */
export function valueAt(values: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], values);
}

/** The values with the one at a whole path replaced, every object and list on the way copied (React compares by identity). */
export function withValueAt<Values>(values: Values, path: string, value: unknown): Values {
  const replace = (container: unknown, [key = '', ...rest]: readonly string[]): unknown => {
    const next = (current: unknown) => (rest.length === 0 ? value : replace(current, rest));
    if (Array.isArray(container)) return container.map((item: unknown, index) => (String(index) === key ? next(item) : item));
    const record = container as Record<string, unknown>;
    return { ...record, [key]: next(record[key]) };
  };
  return replace(values, path.split('.')) as Values;
}

/** The messages without those at a place and under it: what was typed there makes them stale. */
export function withoutMessagesAt(messages: FieldMessages, place: string): FieldMessages {
  if (!Object.keys(messages).some((path) => isAtOrUnder(path, place))) return messages;
  return Object.fromEntries(Object.entries(messages).filter(([path]) => !isAtOrUnder(path, place)));
}

/** What a mutation that saves a form is given: see `SchemaForm.mutationOptions`. */
export interface SaveMutationOptions<Data> {
  meta: { errorPrefix: string };
  onSuccess: (data: Data) => void;
  onError: (error: unknown) => void;
}

export interface SubmitOptions {
  /** Nothing happens on submit, not even the messages: a read-only view, or a save still under way. */
  disabled?: boolean;
}

export interface SchemaForm<Values extends object, Output> {
  values: Values;
  /** Changes one field and drops the server's messages about it, also those under it ('cards.2.title'). */
  setField<Field extends keyof Values & string>(field: Field, value: Values[Field]): void;
  /** Changes the text at a nested place ('cards.2.title') and drops the server's message about it. */
  setAt: (path: TextPath<Values>, value: string) => void;
  /** Starts over, e.g. with the record the server saved. */
  reset: (values: Values) => void;
  /** The message under a field: the schema's once the member tried to save, else the server's. */
  errorOf: (field: keyof Values & string) => string | undefined;
  /**
   * The message at exactly one nested place ('dayPrices.0.price', or 'dayPrices' for the list
   * as a whole), for forms whose values are nested; `errorOf` gives a field's first of them.
   */
  errorAt: (path: string) => string | undefined;
  /**
   * The form's submit handler: validates, then saves the parsed values (and hands the form's own
   * values for a caller that sends those); with a field wrong the messages show.
   */
  onSubmit: (save: (input: Output, values: Values) => void, options?: SubmitOptions) => (event: { preventDefault: () => void }) => void;
  /**
   * The options of a mutation that saves this form, one way for every form (SPEC §8): the failure's
   * snackbar prefix (success shows the server's message, see queryClient.ts), the server's
   * messages under their fields, and what follows a success (refresh lists, close the dialog).
   * A success makes the values sent the form's saved state (`changed` compares with them).
   */
  mutationOptions: <Data>(errorPrefix: string, onSaved: (data: Data) => void) => SaveMutationOptions<Data>;
  /** Shows the messages per field of a refused request under their fields. */
  showServerErrors: (error: unknown) => void;
  /** True once a field was changed since the start or the last reset. */
  dirty: boolean;
  /**
   * True while the values differ from those of the start or the last reset: what closing the
   * form would lose (issue 28.2). A field typed into and restored counts as unchanged.
   */
  changed: boolean;
}

/** Whether two forms' values are the same, as they would be sent (dates by their time). */
function sameValues(left: unknown, right: unknown): boolean {
  return left === right || JSON.stringify(left) === JSON.stringify(right);
}

/** The fields of the form that hold text. */
type TextField<Values> = { [Field in keyof Values & string]: Values[Field] extends string ? Field : never }[keyof Values & string];

/**
 * What a text field (MUI TextField) of the form needs, one way for every form: its value, its
 * change and its message. A caller's own helperText after the spread shows while there is none.
 */
export function textFieldProps<Values extends object, Field extends TextField<Values>>(form: SchemaForm<Values, unknown>, field: Field) {
  const error = form.errorOf(field);
  return {
    value: form.values[field] as string,
    onChange: (event: { target: { value: string } }) => form.setField(field, event.target.value as Values[Field]),
    error: error !== undefined,
    helperText: error,
  };
}

/** What a text field at a nested place of the form needs ('cards.2.title'), as `textFieldProps` for a field. */
export function textFieldPropsAt<Values extends object>(form: SchemaForm<Values, unknown>, path: TextPath<Values>) {
  const error = form.errorAt(path);
  return {
    value: valueAt(form.values, path) as string,
    onChange: (event: { target: { value: string } }) => form.setAt(path, event.target.value),
    error: error !== undefined,
    helperText: error,
  };
}

/**
 * A schema that loads on demand, for a page whose first load must stay small (the login):
 * zod and the schema arrive with the first keystroke or the first attempt to save.
 */
export type SchemaLoader<Schema extends z.ZodType> = () => Promise<Schema>;

/**
 * Form state checked against one of the shared zod schemas. Messages appear after the
 * first attempt to save and then follow every keystroke, as on the login screen.
 */
export function useSchemaForm<Values extends object, Schema extends z.ZodType>(
  schemaOrLoader: Schema | SchemaLoader<Schema>,
  initialValues: Values | (() => Values),
  /** What the schema checks; defaults to the values themselves. */
  toInput: (values: Values) => unknown = (values) => values,
): SchemaForm<Values, z.output<Schema>> {
  const [values, setValues] = useState<Values>(initialValues);
  // What `changed` compares with: the values of the start or of the last reset.
  const [baseline, setBaseline] = useState<Values>(values);
  const [attempted, setAttempted] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldMessages>({});
  const lazySchema = typeof schemaOrLoader === 'function' ? schemaOrLoader : undefined;
  const [loaded, setLoaded] = useState<Schema | undefined>(undefined);
  const schema = typeof schemaOrLoader === 'function' ? loaded : schemaOrLoader;
  const loading = useRef<Promise<Schema> | undefined>(undefined);
  // The values of the last attempt to save: once the server has them, they are no longer unsaved.
  const submitted = useRef<Values | undefined>(undefined);

  /** Loads a lazy schema once; every caller shares the one download. */
  const loadSchema = useCallback((loader: SchemaLoader<Schema>): Promise<Schema> => {
    loading.current ??= loader().then(
      (result) => {
        setLoaded(() => result);
        return result;
      },
      (error: unknown) => {
        // A later attempt may succeed (the connection is back).
        loading.current = undefined;
        throw error;
      },
    );
    return loading.current;
  }, []);

  // Someone is typing: the schema will be needed for the first attempt to save.
  useEffect(() => {
    if (dirty && lazySchema) loadSchema(lazySchema).catch(() => undefined);
  }, [dirty, lazySchema, loadSchema]);

  // Until a lazy schema has arrived, the only messages are the server's. Both per whole path.
  const clientErrors = attempted && schema ? schemaPathMessages(schema, toInput(values)) : {};
  const clientFieldErrors = messagesPerField(clientErrors);
  const serverFieldErrors = messagesPerField(serverErrors);

  const setField = useCallback(<Field extends keyof Values & string>(field: Field, value: Values[Field]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setDirty(true);
    setServerErrors((previous) => withoutMessagesAt(previous, field));
  }, []);

  const setAt = useCallback((path: TextPath<Values>, value: string) => {
    setValues((previous) => withValueAt(previous, path, value));
    setDirty(true);
    setServerErrors((previous) => withoutMessagesAt(previous, path));
  }, []);

  const showServerErrors = useCallback((error: unknown) => setServerErrors(serverPathMessages(error)), []);

  return {
    values,
    dirty,
    changed: dirty && !sameValues(values, baseline),
    setField,
    setAt,
    reset(next) {
      setValues(next);
      setBaseline(next);
      setAttempted(false);
      setDirty(false);
      setServerErrors({});
    },
    errorOf: (field) => clientFieldErrors[field] ?? serverFieldErrors[field],
    errorAt: (path) => clientErrors[path] ?? serverErrors[path],
    onSubmit: (save, options) => (event) => {
      event.preventDefault();
      if (options?.disabled) return;
      setAttempted(true);
      setServerErrors({});
      submitted.current = values;
      const input = toInput(values);
      const check = (loaded: Schema) => {
        const result = loaded.safeParse(input);
        if (result.success) save(result.data, values);
      };
      if (schema) check(schema);
      else if (lazySchema)
        loadSchema(lazySchema).then(check, () => {
          // Without the schema the server cannot be reached either; nothing to send.
        });
    },
    showServerErrors,
    mutationOptions: (errorPrefix, onSaved) => ({
      meta: { errorPrefix },
      onSuccess: (data) => {
        // What was sent is saved; anything typed meanwhile still counts as a change.
        if (submitted.current !== undefined) setBaseline(submitted.current);
        onSaved(data);
      },
      onError: showServerErrors,
    }),
  };
}

/**
 * A form for a record the server keeps: a fresher answer of the server replaces the values
 * as long as nobody has started editing. It is a page's form, always shown: its unsaved
 * changes hold the page (a dialog's form is held by its dialog, `useCloseGuard`).
 */
export function useRecordForm<Row, Values extends object, Schema extends z.ZodType>(
  schema: Schema,
  record: Row,
  valuesOf: (record: Row) => Values,
  toInput?: (values: Values) => unknown,
): SchemaForm<Values, z.output<Schema>> {
  const form = useSchemaForm(schema, () => valuesOf(record), toInput);
  useUnsavedChanges(form.changed);
  const { dirty, reset } = form;
  useEffect(() => {
    if (!dirty) reset(valuesOf(record));
    // Only a new record is a reason to start over, not a change of `dirty` or of `valuesOf`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record]);
  return form;
}
