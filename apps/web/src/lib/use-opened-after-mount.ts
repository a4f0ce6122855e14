import { useEffect, useState } from 'react';

// For a dialog in a lazy chunk, mounted the moment it is first asked for: Mantine's Modal and Drawer
// note the element to give focus back to when `opened` turns true after mounting, so the dialog
// mounts closed and opens on the next frame.
export function useOpenedAfterMount(opened: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return mounted && opened;
}
