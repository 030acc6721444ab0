import { mountStandalone } from '@swapstuff/sdk/ui';
import App from './App';

// Only the standalone dev page runs this; the shell loads ./App through federation.
void mountStandalone(App, 'mfe_orders');
