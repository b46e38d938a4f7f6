import { Toaster as Sonner } from 'sonner';
import 'sonner/dist/styles.css';

export function Toaster() {
  return <Sonner position="top-center" richColors closeButton />;
}
