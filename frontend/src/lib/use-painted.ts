/** Whether the component's first render has reached the screen (a frame was painted since). */
import { useEffect, useState } from 'react';

export const usePainted = (): boolean => {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // An animation frame runs just before the browser paints; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
};
