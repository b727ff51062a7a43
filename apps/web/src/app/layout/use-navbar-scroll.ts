// Scroll state of the navigation bar (docs/product.md#public-pages, #screen-behaviour): solid once the page is scrolled at all, hidden while
// scrolling down past the threshold, shown again on any scroll up.
import { useEffect, useState } from 'react';

export interface NavbarScroll {
  scrolled: boolean;
  hidden: boolean;
}

export function useNavbarScroll(hideAfter = 50): NavbarScroll {
  const [state, setState] = useState<NavbarScroll>({ scrolled: false, hidden: false });

  useEffect(() => {
    let last = window.scrollY;
    let hidden = false;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = Math.max(0, window.scrollY);
      if (y <= hideAfter) hidden = false;
      else if (y > last) hidden = true;
      else if (y < last) hidden = false;
      last = y;
      const scrolled = y > 0;
      setState((prev) => (prev.scrolled === scrolled && prev.hidden === hidden ? prev : { scrolled, hidden }));
    };
    // One update per frame at most: scroll events can fire far more often than the screen repaints.
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [hideAfter]);

  return state;
}
