/**
 * What a page tells the browser when it is shown: its title (each route its own, so the tab, the
 * history and a screen reader name the page), and where the keyboard focus goes after an in-app
 * navigation or a content swap (the new heading, so the focus never falls back to the page).
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { PROGRAMME_NAME } from '../../shared/limits.ts';

/** The document's title: 'Wallet | GoalChain Ambassador Program', or the programme's name alone. */
export function pageTitle(title: string | null): string {
  return title ? `${title} | ${PROGRAMME_NAME}` : PROGRAMME_NAME;
}

/** Names the document after `title` (null: the programme's name alone); undefined leaves it to another caller (a page that names itself). */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title !== undefined) document.title = pageTitle(title);
  }, [title]);
}

/** Focuses an element that is not in the Tab order (a heading), so that it can take the focus. */
export function focusStatic(element: HTMLElement, options?: FocusOptions): void {
  if (!element.hasAttribute('tabindex')) element.tabIndex = -1;
  element.focus(options);
}

/** Shown: it takes up space (a screen-reader-only heading does; one in a hidden subtree does not). */
function isShown(element: Element): boolean {
  return element.getClientRects().length > 0;
}

/** The page's main heading: the first h1 shown, in the main landmark when there is one. */
export function pageHeading(): HTMLElement | null {
  const candidates = [...document.querySelectorAll<HTMLElement>('main h1'), ...document.querySelectorAll<HTMLElement>('h1')];
  return candidates.find(isShown) ?? null;
}

/**
 * After an in-app navigation: the new page's heading takes the focus as soon as it is shown (a page
 * may show a spinner first). Gives up when something else takes the focus first (a field the page
 * focuses itself, a dialog, the person), or after 10 seconds. Returns a function that stops it.
 */
export function focusPageHeadingWhenShown(): () => void {
  const before = document.activeElement;
  const deadline = Date.now() + 10_000;
  let timer = 0;
  const attempt = () => {
    const active = document.activeElement;
    if (active && active !== document.body && active !== before) return;
    const heading = pageHeading();
    if (heading) return focusStatic(heading, { preventScroll: true });
    if (Date.now() < deadline) timer = window.setTimeout(attempt, 50);
  };
  timer = window.setTimeout(attempt, 0);
  return () => window.clearTimeout(timer);
}

const HEADING_AFTER_LOAD_KEY = 'ambassador.focus-heading';

/**
 * Before an action that ends in a full page load (the restricted sign-in goes to /admin that way):
 * the next page's heading takes the focus, as after an in-app navigation, instead of the page itself.
 */
export function focusHeadingAfterReload(): void {
  try {
    window.sessionStorage.setItem(HEADING_AFTER_LOAD_KEY, '1');
  } catch {
    // Storage refused (private mode): the focus starts at the top of the page, as on any load.
  }
}

/** At start: when the page before asked for it (focusHeadingAfterReload), once. Returns a function that stops it. */
export function focusHeadingIfAsked(): () => void {
  let asked: boolean;
  try {
    asked = window.sessionStorage.getItem(HEADING_AFTER_LOAD_KEY) !== null;
    window.sessionStorage.removeItem(HEADING_AFTER_LOAD_KEY);
  } catch {
    return () => undefined;
  }
  return asked ? focusPageHeadingWhenShown() : () => undefined;
}

/**
 * A heading that takes the focus when it appears: the heading of a success screen or of a form that
 * replaces the button just pressed. Give the ref to the heading.
 */
export function useFocusOnMount<T extends HTMLElement>(enabled = true): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled && ref.current) focusStatic(ref.current);
  }, [enabled]);
  return ref;
}

/** A form field that can take the focus. */
export const FOCUSABLE_FIELD = 'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled)';
const CONTROL = `${FOCUSABLE_FIELD}, button:not(:disabled), a[href], [tabindex="0"]`;

/** The focus fell back to the page (or, in a dialog, to the dialog itself): the element that had it is gone. */
function focusWasLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active.matches('[role="dialog"], [role="alertdialog"]');
}

/**
 * When `key` changes (a form gives way to its success screen, a step to the next), the content
 * swapped under the focus: if the focus was in it and was lost with the element that had it, it
 * goes to the new content's heading (`prefer: 'field'`: its first form field, `'control'`: its first
 * control, when it has one), inside `container` or, without one, the page's main landmark. A swap
 * while the focus was elsewhere (or nowhere, as on a page just loaded) leaves the focus alone.
 */
export function useFocusAfterSwap(key: unknown, options: { container?: RefObject<HTMLElement | null>; prefer?: 'heading' | 'field' | 'control' } = {}): void {
  const { container, prefer = 'heading' } = options;
  const shown = useRef(key);
  const hadFocus = useRef(false);
  // Read while rendering the change, before it is committed: the element about to go still has the focus.
  if (!Object.is(shown.current, key) && typeof document !== 'undefined') {
    const box = container ? container.current : document.querySelector('main');
    const active = document.activeElement;
    hadFocus.current = Boolean(box && active && active !== document.body && box.contains(active));
  }
  useEffect(() => {
    if (Object.is(shown.current, key)) return;
    shown.current = key;
    const moved = hadFocus.current;
    hadFocus.current = false;
    if (!moved || !focusWasLost()) return;
    const box = container ? container.current : document.querySelector('main');
    if (!box) return;
    const preferred = prefer === 'field' ? FOCUSABLE_FIELD : prefer === 'control' ? CONTROL : null;
    const target = (preferred ? box.querySelector<HTMLElement>(preferred) : null) ?? box.querySelector<HTMLElement>('h1, h2, h3') ?? pageHeading();
    // A control keeps its place in the Tab order; only a heading is made focusable for this.
    if (target) return target.matches(CONTROL) ? target.focus() : focusStatic(target);
  }, [key, container, prefer]);
}

/**
 * An editor that opens in place of what it edits, from an Edit button: on opening, its first field
 * takes the focus; on closing (saved or cancelled), the Edit button takes it back, unless the focus
 * has already moved elsewhere (another section's editor). Give `editor` to an element that holds the
 * editor, and `editButton` to the button.
 */
export function useEditorFocus<E extends HTMLElement = HTMLDivElement>(editing: boolean) {
  const editor = useRef<E>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const shown = useRef(editing);
  useEffect(() => {
    if (shown.current === editing) return;
    shown.current = editing;
    if (editing) {
      editor.current?.querySelector<HTMLElement>(FOCUSABLE_FIELD)?.focus();
      return;
    }
    const active = document.activeElement;
    if (focusWasLost() || (active && editor.current?.contains(active))) editButton.current?.focus();
  }, [editing]);
  return { editor, editButton };
}

/**
 * A page whose form gives way to a confirmation once sent (an application, a weekly report):
 * `confirm` shows the confirmation from the top of the page, its heading taking the focus from the
 * button just pressed (useFocusAfterSwap); `reset` brings the form back.
 */
export function useConfirmationSwap(): { confirmed: boolean; confirm: () => void; reset: () => void } {
  const [confirmed, setConfirmed] = useState(false);
  useFocusAfterSwap(confirmed);
  return {
    confirmed,
    confirm: () => {
      setConfirmed(true);
      window.scrollTo(0, 0);
    },
    reset: () => setConfirmed(false),
  };
}
