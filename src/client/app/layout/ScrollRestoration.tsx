import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Where the positions live across reloads of the tab (the name React Router's own restoration used). */
const STORAGE_KEY = 'react-router-scroll-positions';
/** The last scroll position of each history entry, by its location key. */
let positions: Record<string, number> = {};

/**
 * The browser's scroll restoration, redone for a page that draws its content after loading code: back and forward
 * (and a reload) return to where that entry was left; a link to `#id` scrolls to the element; any other new page
 * starts at the top. Positions are kept per history entry, in the tab's session storage when the page is left.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const shown = useRef(location.key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const note = () => {
      positions[shown.current] = window.scrollY;
    };
    const keep = () => {
      note();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or refused: the positions just do not outlive this page.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', note, { passive: true });
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('scroll', note);
      window.removeEventListener('pagehide', keep);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    try {
      positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    } catch {
      positions = {};
    }
  }, []);

  useLayoutEffect(() => {
    shown.current = location.key;
    // (The scroll calls' results are not returned: Chromium's are promises, and an effect may only return its cleanup.)
    const saved = positions[location.key];
    if (typeof saved === 'number') {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      try {
        const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (target) {
          target.scrollIntoView();
          return;
        }
      } catch {
        // Not a decodable id (a fragment that carries data): no element to scroll to.
      }
    }
    window.scrollTo(0, 0);
  }, [location]);

  return null;
}
