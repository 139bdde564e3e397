import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * A full-screen overlay (a module over its parent, the article reader): Escape goes to `closeTo` from the topmost
 * overlay only, and not while a dialog is open; the page behind does not scroll while an overlay is shown.
 */
export default function useOverlay(ref, closeTo, active = true) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return undefined;
    const key = (e) => {
      if (e.key !== 'Escape' || document.querySelector('.modal')) return;
      const all = document.querySelectorAll('.overlay');
      if (all[all.length - 1] === ref.current) navigate(closeTo);
    };
    window.addEventListener('keydown', key);
    document.body.classList.add('has-overlay');
    return () => {
      window.removeEventListener('keydown', key);
      if (document.querySelectorAll('.overlay').length <= 1) document.body.classList.remove('has-overlay');
    };
  }, [ref, closeTo, active, navigate]);
}
