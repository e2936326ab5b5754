import { createContext, type ActionFunctionArgs } from 'react-router';

/**
 * A form posted without JavaScript (the sign-up page, issue 29.2): the server runs the
 * procedure itself and renders the page again with its answer. The answer reaches the page
 * as the route's action data (`useActionData`), which the page state hands to the browser
 * like loader data, so the hydrated page shows what the server showed.
 */
export const FORM_ANSWER = createContext<unknown>(null);

/** The action of a route whose form is posted without JavaScript: the server's answer, as given. */
export function formAnswerAction({ context }: ActionFunctionArgs): unknown {
  return context.get(FORM_ANSWER);
}
