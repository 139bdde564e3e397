import { useEffect, useRef, useState } from 'react';

/** [ref, sideways]: whether the box at `ref` is narrower than its table, so that it scrolls sideways (then the
 *  columns kept in sight show an edge: DataTable.css). Watched as the box and the table change size. */
export default function useSideways() {
  const ref = useRef(null);
  const [sideways, setSideways] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return undefined;
    const check = () => setSideways(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    check();
    return () => observer.disconnect();
  }, []);
  return [ref, sideways];
}
