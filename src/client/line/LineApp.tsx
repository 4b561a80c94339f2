/** The /line route set. Placeholder until its issue builds the screens. */
import { NotInstalled } from '../ui/NotInstalled.js';

export default function LineApp() {
  return <NotInstalled />;
}
