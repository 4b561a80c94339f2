/** The /web route set. Placeholder until its issue builds the screens. */
import { NotInstalled } from '../ui/NotInstalled.js';

export default function WebApp() {
  return <NotInstalled />;
}
