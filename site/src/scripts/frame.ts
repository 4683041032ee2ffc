// Inside a frame (an admin preview, another site) the page shows its content only.
if (window.self !== window.top) document.documentElement.classList.add('in-frame');
