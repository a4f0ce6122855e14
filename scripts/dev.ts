import { spawn } from 'node:child_process';

// npm run dev: the API with the demo (reloading on change) and Vite's dev server, side by side.
const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@portal/demo'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', '@portal/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
children.forEach((child) => child.once('exit', stop));
