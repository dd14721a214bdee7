// Keeps the layout's device class and screen size current: measured at load, on resize and whenever the
// page becomes visible again (spec section 4).
import { useEffect } from 'react';
import { useAppStore } from '../store';

export const measureScreen = () => ({ width: document.body.clientWidth, height: window.innerHeight });

export function useDeviceWatcher(): void {
  const updateScreen = useAppStore((s) => s.updateScreen);
  useEffect(() => {
    const evaluate = () => updateScreen(measureScreen());
    const onVisibility = () => {
      if (document.visibilityState === 'visible') evaluate();
    };
    evaluate();
    window.addEventListener('load', evaluate);
    window.addEventListener('resize', evaluate);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('load', evaluate);
      window.removeEventListener('resize', evaluate);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [updateScreen]);
}
