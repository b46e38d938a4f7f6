// `npm run dev`: the API with reload on :3000 and Vite with hot reload (it proxies /api there).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@kreyolcash/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@kreyolcash/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
