// The one-node cluster's DNS server, in the place of CoreDNS: answers A queries for
// <service>.<namespace>.svc.cluster.local with the Service's ClusterIP (a headless Service's ready
// endpoint addresses), from the API server's lists polled every 2 s with the pod's service
// account; AAAA and other types of a known name get an empty answer, unknown names NXDOMAIN (the
// cluster has no link out, so there is no upstream). UDP on :53 (the pod lowers net.ipv4.ip_unprivileged_port_start, dns.yaml); stops on SIGTERM.
package main

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"
)

const account = "/var/run/secrets/kubernetes.io/serviceaccount/"

var (
	mu      sync.RWMutex
	records = map[string][]net.IP{}
)

type object struct {
	Metadata struct{ Name, Namespace string }
	Spec     struct{ ClusterIP string }
	Subsets  []struct{ Addresses []struct{ IP string } }
}

func list(client *http.Client, path string) ([]object, error) {
	token, err := os.ReadFile(account + "token")
	if err != nil {
		return nil, err
	}
	host := net.JoinHostPort(os.Getenv("KUBERNETES_SERVICE_HOST"), os.Getenv("KUBERNETES_SERVICE_PORT"))
	request, _ := http.NewRequest("GET", "https://"+host+path, nil)
	request.Header.Set("Authorization", "Bearer "+strings.TrimSpace(string(token)))
	response, err := client.Do(request)
	if err != nil {
		return nil, err
	}
	defer response.Body.Close()
	if response.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: %s", path, response.Status)
	}
	var body struct{ Items []object }
	err = json.NewDecoder(response.Body).Decode(&body)
	return body.Items, err
}

func refresh(client *http.Client) error {
	services, err := list(client, "/api/v1/services")
	if err != nil {
		return err
	}
	endpoints, err := list(client, "/api/v1/endpoints")
	if err != nil {
		return err
	}
	name := func(o object) string { return o.Metadata.Name + "." + o.Metadata.Namespace + ".svc.cluster.local." }
	headless := map[string]bool{}
	next := map[string][]net.IP{}
	for _, service := range services {
		if ip := net.ParseIP(service.Spec.ClusterIP).To4(); ip != nil {
			next[name(service)] = []net.IP{ip}
		} else {
			headless[name(service)] = true
			next[name(service)] = nil
		}
	}
	for _, endpoint := range endpoints {
		if !headless[name(endpoint)] {
			continue
		}
		for _, subset := range endpoint.Subsets {
			for _, address := range subset.Addresses {
				if ip := net.ParseIP(address.IP).To4(); ip != nil {
					next[name(endpoint)] = append(next[name(endpoint)], ip)
				}
			}
		}
	}
	mu.Lock()
	records = next
	mu.Unlock()
	return nil
}

// answer builds the reply to one query, or nil when the packet is not one.
func answer(query []byte) []byte {
	if len(query) < 12 || binary.BigEndian.Uint16(query[4:6]) != 1 {
		return nil
	}
	var labels []string
	at := 12
	for at < len(query) && query[at] != 0 {
		length := int(query[at])
		if length > 63 || at+1+length > len(query) {
			return nil
		}
		labels = append(labels, string(query[at+1:at+1+length]))
		at += 1 + length
	}
	if at+5 > len(query) {
		return nil
	}
	questionEnd := at + 5
	qtype := binary.BigEndian.Uint16(query[at+1 : at+3])
	mu.RLock()
	ips, known := records[strings.ToLower(strings.Join(labels, ".")+".")]
	mu.RUnlock()
	reply := append([]byte{}, query[:questionEnd]...)
	flags := uint16(0x8180) | binary.BigEndian.Uint16(query[2:4])&0x0100
	if !known {
		flags |= 3
	}
	binary.BigEndian.PutUint16(reply[2:4], flags)
	binary.BigEndian.PutUint16(reply[6:8], 0)
	binary.BigEndian.PutUint16(reply[8:10], 0)
	binary.BigEndian.PutUint16(reply[10:12], 0)
	if known && qtype == 1 {
		binary.BigEndian.PutUint16(reply[6:8], uint16(len(ips)))
		for _, ip := range ips {
			reply = append(reply, 0xc0, 0x0c, 0, 1, 0, 1, 0, 0, 0, 5, 0, 4)
			reply = append(reply, ip...)
		}
	}
	return reply
}

func main() {
	ca, err := os.ReadFile(account + "ca.crt")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(ca)
	client := &http.Client{
		Timeout:   5 * time.Second,
		Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}},
	}
	go func() {
		for {
			if err := refresh(client); err != nil {
				fmt.Fprintln(os.Stderr, err)
			}
			time.Sleep(2 * time.Second)
		}
	}()
	conn, err := net.ListenPacket("udp", ":53")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	go func() {
		signals := make(chan os.Signal, 1)
		signal.Notify(signals, syscall.SIGTERM, syscall.SIGINT)
		<-signals
		conn.Close()
		os.Exit(0)
	}()
	buffer := make([]byte, 512)
	for {
		n, from, err := conn.ReadFrom(buffer)
		if err != nil {
			continue
		}
		if reply := answer(buffer[:n]); reply != nil {
			conn.WriteTo(reply, from)
		}
	}
}
