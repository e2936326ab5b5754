import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { fieldErrorsOf } from '../errors.ts';
import { useUnsavedChanges } from './unsavedChanges.tsx';

/** One message per field; nested paths ('groups.0') count for their field ('groups'). */
export type FieldMessages = Partial<Record<string, string>>;

function fieldOf(path: readonly PropertyKey[]): string {
  return path.length > 0 ? String(path[0]) : '_';
}

/** The first message per field of a shared schema: the same texts the server answers (SPEC §5). */
export function schemaMessages(schema: z.ZodType, values: unknown): FieldMessages {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const messages: FieldMessages = {};
  for (const issue of result.error.issues) messages[fieldOf(issue.path)] ??= issue.message;
  return messages;
}

/** The first message per field of a server refusal, e.g. 409 on the shooter number. */
export function serverMessages(error: unknown): FieldMessages {
  const messages: FieldMessages = {};
  for (const [path, list] of Object.entries(fieldErrorsOf(error))) {
    const first = list[0];
    if (first !== undefined) messages[fieldOf(path.split('.'))] ??= first;
  }
  return messages;
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
  /** Changes one field and drops the server's message about it. */
  setField<Field extends keyof Values & string>(field: Field, value: Values[Field]): void;
  /** Starts over, e.g. with the record the server saved. */
  reset: (values: Values) => void;
  /** The message under a field: the schema's once the member tried to save, else the server's. */
  errorOf: (field: keyof Values & string) => string | undefined;
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

  // Until a lazy schema has arrived, the only messages are the server's.
  const clientErrors = attempted && schema ? schemaMessages(schema, toInput(values)) : {};

  const setField = useCallback(<Field extends keyof Values & string>(field: Field, value: Values[Field]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setDirty(true);
    setServerErrors((previous) => {
      if (previous[field] === undefined) return previous;
      const { [field]: _dropped, ...rest } = previous;
      return rest;
    });
  }, []);

  const showServerErrors = useCallback((error: unknown) => setServerErrors(serverMessages(error)), []);

  return {
    values,
    dirty,
    changed: dirty && !sameValues(values, baseline),
    setField,
    reset(next) {
      setValues(next);
      setBaseline(next);
      setAttempted(false);
      setDirty(false);
      setServerErrors({});
    },
    errorOf: (field) => clientErrors[field] ?? serverErrors[field],
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
