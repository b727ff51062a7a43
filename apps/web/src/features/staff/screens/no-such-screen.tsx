// /staff/<anything else>: said inside the console, with its tabs to go on from.
import { staffMeta } from '../components/screen-route.tsx';

export const meta = () => staffMeta('No such screen');

export default function NoSuchScreen() {
  return <p className="py-4 text-slate-700">There is no such screen in the console.</p>;
}
