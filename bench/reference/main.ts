/// <reference lib="dom" />
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// The bench's reference page: React and the app's build setup drawing one heading, and nothing
// else. What a page costs beyond this is the page's own work; what this costs is the machine's
// noise plus the framework every page pays.
const container = document.getElementById('root');
if (!container) throw new Error('the reference page has no #root element');
createRoot(container).render(createElement(StrictMode, null, createElement('h1', null, 'KreyolCash')));
