import { useEffect, useRef, useState } from 'react';

/**
 * After a failed check, focus moves to the first field marked invalid inside the returned ref's element.
 * Call `focusInvalid()` once the errors are set; the focus happens after they render.
 */
export function useFocusInvalid<T extends HTMLElement>() {
  const container = useRef<T>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request > 0) container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [request]);
  return { container, focusInvalid: () => setRequest((count) => count + 1) };
}
