export function App() {
  return (
    <main className="app">
      <header className="app-header">
        <h1>IWR Studio</h1>
        <p>IWR-Bench in your browser: watch a recording, write a page, replay and score it locally.</p>
      </header>
    </main>
  );
}
