/** The site's entry: mounts the app into #app. */
import { render } from 'preact';
import { App } from './App';

const root = document.getElementById('app');
if (root) render(<App />, root);
