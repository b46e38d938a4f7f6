/** Same markup as the splash in index.html, so the hand-over to React does not move anything. */
export function BootSplash() {
  return (
    <div className="boot-splash" aria-hidden="true">
      KreyolCash
    </div>
  );
}
