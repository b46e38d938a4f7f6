// Moving to another screen from outside React (a toast's action): the route table registers
// react-router's navigate here, so the move stays inside the app instead of reloading the page.

type Navigate = (to: string) => void;

let navigate: Navigate | null = null;

export function registerNavigate(next: Navigate | null): void {
  navigate = next;
}

export function navigateTo(to: string): void {
  if (navigate) navigate(to);
  else window.location.assign(to);
}
