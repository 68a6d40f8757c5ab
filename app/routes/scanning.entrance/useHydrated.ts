import { useEffect, useState } from "react";

/** True once the page's scripts run (the scan form then checks codes in the browser). */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
