/** The /pwa route set. Placeholder until its issue builds the screens. */
import { NotInstalled } from '../ui/NotInstalled.js';

export default function PwaApp() {
  return <NotInstalled />;
}
