// A blank tab opened within the click, while the browser still counts it as the user's doing.
export function openBlankTab(): Window | null {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return tab;
}
