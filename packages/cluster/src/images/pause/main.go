// The sandbox process of every pod (containerd's sandbox_image): it holds the pod's namespaces
// and exits on SIGTERM or SIGINT. As PID 1 it gets no signal it has not asked for.
package main

import (
	"os"
	"os/signal"
	"syscall"
)

func main() {
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, syscall.SIGTERM, syscall.SIGINT)
	<-signals
}
