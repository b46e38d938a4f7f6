import { Toaster as Sonner } from 'sonner';
import 'sonner/dist/styles.css';

// Toasts open below the screens' sticky header (56 px high), so none ever covers its back arrow;
// each has a close button and goes by itself after 4 s.
const BELOW_HEADER = { top: 64 };

export function Toaster() {
  return (
    <Sonner position="top-center" offset={BELOW_HEADER} mobileOffset={BELOW_HEADER} richColors closeButton />
  );
}
